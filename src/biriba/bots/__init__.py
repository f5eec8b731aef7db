"""Players that choose actions from a seat's view: the bot protocol and the bots."""

from biriba.bots.base import BOT_LEVELS, Bot, make_bot
from biriba.bots.greedy import GreedyBot
from biriba.bots.random_bot import RandomBot

__all__ = ["BOT_LEVELS", "Bot", "GreedyBot", "RandomBot", "make_bot"]
