"""A Tyzicha player written from the published advice to Thousand (Тысяча, Tysiąc) players, and nothing
else: an opponent the ladder's bots were never tuned against, to measure them by (docs/tyzicha.md, "The
textbook player"). It shares no valuation with the heuristic; of the engine it uses only the rules (the
legal actions, the cards' points and ranks, the marriages' values).

The advice it follows, in our words, with where it was read:

- **Counting a hand** (the Polish guides at terazgry.pl and karty.edu.pl; the Russian answer at ya.ru
  quoting minigames.mail.ru: the Aces rule the game and a lead from an Ace nearly always takes a trick).
  Count what is nearly sure: each Ace at its 11, a Ten at its 10 only beside its Ace, and a suit held
  from the top with Ace, Ten and King, or Ace, Ten and two more, at the whole suit's 30; each marriage at
  its value when it can be shown (a declarer leads first; where a marriage must wait for a trick taken,
  only with an Ace to take it; a second marriage only when the first, led with its Queen under its own
  Ace and Ten, keeps the lead), with the marriage's own King and Queen and the other cards of its suit,
  which will be trumps.
- **The widow** (the same guides; pagat.com's "1000"). Expect about 15 points from the three cards of the
  widow, no more: bid while the next bid stays below the count and that hope.
- **No bid above 120 without a marriage** (a table rule at zagraj.pl, karty.edu.pl and cardparade's
  rules, and pagat.com notes it as the usual one): the pack holds 120 card points, so more is a marriage's
  to make. It never bids over 120 without a marriage in its hand.
- **The forced contract**: the forced player takes 110 only with a count that makes it, else the 100.
- **Giving the two cards** (the guides: keep what you counted). It gives away the cards least able to win:
  never a marriage's half or a card that wins from the top of its suit if another will do, nor a small
  card of a marriage's suit (a trump to be); of the rest the card with the fewest points, the lowest: a 9
  or a Jack before a lone King or Queen (it might complete a receiver's marriage) or a Ten without its
  Ace (a receiver holding the Ace would win it).
- **Raise or concede** (pagat.com: a declarer who sees little chance after the widow gives the hand up,
  the Russian "rospisat'"). It raises only to what it now counts as sure with the eight cards it plays,
  and concedes when even that count and what its sure tricks usually bring (20 points) stay below the
  contract.
- **The declarer's play** (the Russian and Polish guides; zasadygry.pl: lead the Queen of a marriage, the
  lower card, so that less is lost if it is taken; a marriage held is worth nothing until it is shown). It
  cashes its winners from the top while there is no trump to ruff them (they keep the lead, so a marriage
  is never lost by it); then shows its biggest marriage at once, leading the Queen; with trumps set it
  draws them with its top trumps, then cashes side winners no one is known to ruff, and else leads its
  cheapest card.
- **The defenders** (the common advice of point-trick games: the two defenders play together against the
  declarer). A defender who leads shows its own marriage (its points count when the contract falls, and
  the new trump takes the declarer's away), cashes its sure winners, else leads its cheapest card, never
  into a suit the declarer is known to trump. Following, it gives its richest card (an Ace, a Ten) to a
  trick its fellow defender will surely take, and plays its cheapest card under a trick the declarer
  takes.
- **Taking a trick**: last to play, with its lowest winning card; second to play, with a card no one left
  can beat if it has one.

It never draws on chance: its moves follow from the seat's view alone, so a seeded game replays exactly
(the generator it is given goes unused).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from biriba.core.cards import ACE, Card, make_card, rank_of, suit_of
from biriba.games.tyzicha.game import (
    FORCED_CONTRACT,
    KING,
    MARRIAGE_POINTS,
    OPENING_BID,
    PACK,
    PLAYERS,
    QUEEN,
    Bid,
    Concede,
    Give,
    Pass,
    Phase,
    Play,
    Raise,
    TyzichaAction,
    TyzichaRules,
    TyzichaView,
    beats,
    card_points,
    left_of,
    marriage_suits,
    partner_of,
    strength,
    winning_index,
)

WIDOW_HOPE = 15
"""What the widow is expected to bring: the guides say ten to twenty points."""
NO_MARRIAGE_LIMIT = 120
"""The highest bid without a marriage in hand: the pack's card points."""
WHOLE_SUIT = 30
"""A suit held from the top (Ace, Ten and King, or Ace, Ten and two more) takes all its 30 points."""
SURE_TRICK_HOPE = 20
"""What a declarer's play usually brings beyond the count (the cards its sure tricks capture): a contract
further than this above the count cannot be made, and is conceded."""
TEN = 10
JACK = 11


# --- counting a hand --------------------------------------------------------------------------------


def count(hand: Sequence[Card], rules: TyzichaRules) -> int:
    """What the guides count in ``hand`` for a declarer who leads first: Aces, Tens beside their Aces, whole
    suits held from the top, and each marriage it can show with its suit's other cards."""
    total = 0
    sure_tricks = 0
    whole: set[int] = set()
    counted: set[Card] = set()
    for suit in range(4):
        cards = {card for card in hand if suit_of(card) == suit}
        ace, ten, king = make_card(ACE, suit), make_card(TEN, suit), make_card(KING, suit)
        if ace in cards and ten in cards and (king in cards or len(cards) >= 4):
            total += WHOLE_SUIT
            whole.add(suit)
            sure_tricks += len(_from_the_top(cards, suit))
        elif ace in cards:
            counted.add(ace)
            sure_tricks += 1
            if ten in cards:
                counted.add(ten)
                sure_tricks += 1
    total += sum(card_points(card) for card in counted)
    # The biggest marriage first, at the declarer's lead: at once if the rules allow a marriage at the
    # first trick, else after a sure trick. A further one only while the lead stays: the Queen led to show
    # the one before wins its trick when its Ace and Ten are in the hand too.
    on_lead = rules.marriage_on_first_trick or sure_tricks > 0
    for suit in sorted(marriage_suits(hand), key=lambda suit: -MARRIAGE_POINTS[suit]):
        if not on_lead:
            break
        total += MARRIAGE_POINTS[suit]
        if suit not in whole:
            total += sum(card_points(card) for card in hand if suit_of(card) == suit and card not in counted)
        on_lead = make_card(ACE, suit) in hand and make_card(TEN, suit) in hand
    return total


def _from_the_top(cards: set[Card], suit: int) -> list[Card]:
    """The cards of ``suit`` in ``cards`` that win in turn from its Ace down (none without the Ace)."""
    run = []
    for rank in (ACE, TEN, KING, QUEEN, JACK, 9):
        card = make_card(rank, suit)
        if card not in cards:
            break
        run.append(card)
    return run


def _made_by(contract: int, total: int, rules: TyzichaRules) -> bool:
    """Whether a total of ``total`` makes ``contract`` under ``rules``."""
    return total > contract or (rules.made_when_equal and total == contract)


# --- the player -------------------------------------------------------------------------------------


class TextbookTyzichaBot:
    """Bids what the guides count, never over 120 without a marriage; gives away what cannot win; raises
    only on sure points and concedes a lost contract; cashes Aces, then shows its biggest marriage and
    draws trumps; as a defender feeds its fellow defender and ducks cheaply under the declarer."""

    name = "textbook"

    def choose(self, view: TyzichaView, legal: Sequence[TyzichaAction], rng: random.Random) -> TyzichaAction:
        if len(legal) == 1:
            return legal[0]
        if view.phase is Phase.BID:
            return _bid(view, legal)
        if view.phase is Phase.FORCED:
            worth = count(view.hand, view.rules) + WIDOW_HOPE
            return Bid(view.seat, OPENING_BID if _made_by(OPENING_BID, worth, view.rules) else FORCED_CONTRACT)
        if view.phase is Phase.GIVE:
            gifts = [action for action in legal if isinstance(action, Give)]
            first_receiver = gifts[0].to
            return min(gifts, key=lambda gift: (_give_cost(gift.card, view.hand), gift.to != first_receiver))
        plays = [action for action in legal if isinstance(action, Play)]
        if view.phase is Phase.DECLARE:
            decision = _declare(view, legal)
            if decision is not None:
                return decision
        return _lead(view, plays) if not view.trick else _follow(view, plays)


def _bid(view: TyzichaView, legal: Sequence[TyzichaAction]) -> TyzichaAction:
    bid = next((action for action in legal if isinstance(action, Bid)), None)
    if bid is None:
        return Pass(view.seat)
    worth = count(view.hand, view.rules) + WIDOW_HOPE
    if not marriage_suits(view.hand):
        worth = min(worth, NO_MARRIAGE_LIMIT)
    return bid if _made_by(bid.value, worth, view.rules) else Pass(view.seat)


def _declare(view: TyzichaView, legal: Sequence[TyzichaAction]) -> TyzichaAction | None:
    """Concede a contract the count cannot reach; raise to what the count makes sure; else None (play)."""
    sure = count(view.hand, view.rules)
    if sure + SURE_TRICK_HOPE < view.contract:
        return Concede(view.seat)
    raises = [action for action in legal if isinstance(action, Raise) and _made_by(action.value, sure, view.rules)]
    return raises[-1] if raises else None


def _give_cost(card: Card, hand: Sequence[Card]) -> tuple[int, int, int]:
    """How much giving ``card`` away costs: a marriage's half, a winner from the top, a card of a marriage's
    suit, then its points and rank (a 9 or a Jack before a lone King or Queen, which might complete a
    receiver's marriage, or a Ten without its Ace, which a receiver holding the Ace would win)."""
    suit = suit_of(card)
    held = set(hand)
    partner = partner_of(card)
    if partner is not None and partner in held:
        keep = 3
    elif card in _from_the_top({other for other in held if suit_of(other) == suit}, suit):
        keep = 2
    elif suit in marriage_suits(hand):
        keep = 1
    else:
        keep = 0
    return keep, card_points(card), strength(card)


# --- what the seat has seen -------------------------------------------------------------------------


def _played(view: TyzichaView) -> set[Card]:
    return {card for trick in view.tricks for card in trick.cards} | set(view.trick)


def _voids(view: TyzichaView) -> list[set[int]]:
    """The suits each seat has shown it lacks: a suit led and not followed, and the trump when it then
    played another suit."""
    voids: list[set[int]] = [set() for _ in range(PLAYERS)]
    tricks = [(trick.leader, trick.cards, trick.trump) for trick in view.tricks]
    if view.trick:
        tricks.append((view.leader, view.trick, view.trump))
    for leader, cards, trump in tricks:
        led = suit_of(cards[0])
        for index in range(1, len(cards)):
            seat, suit = (leader + index) % PLAYERS, suit_of(cards[index])
            if suit != led:
                voids[seat].add(led)
                if trump is not None and suit != trump:
                    voids[seat].add(trump)
    return voids


def _top(card: Card, view: TyzichaView, played: set[Card]) -> bool:
    """Whether ``card`` is the highest card of its suit still out: every higher one is played or held."""
    held = set(view.hand)
    return all(
        other in played or other in held
        for other in PACK
        if suit_of(other) == suit_of(card) and strength(other) > strength(card)
    )


def _ruffed(suit: int, view: TyzichaView, voids: list[set[int]], seats: Sequence[int]) -> bool:
    """Whether one of ``seats`` is known to lack ``suit`` and may hold a trump to ruff it (a trump is still
    out, and it has not shown it lacks trumps)."""
    trump = view.trump
    if trump is None or suit == trump or not _trumps_out(view):
        return False
    return any(suit in voids[seat] and trump not in voids[seat] for seat in seats)


def _trumps_out(view: TyzichaView) -> list[Card]:
    """The trumps neither played nor in the seat's hand."""
    played = _played(view)
    return [card for card in PACK if suit_of(card) == view.trump and card not in played and card not in view.hand]


def _sure(card: Card, view: TyzichaView, seats: Sequence[int]) -> bool:
    """Whether ``card`` wins against every card ``seats`` may still play to its suit: the highest still out,
    and none of them known to ruff it."""
    return _top(card, view, _played(view)) and not _ruffed(suit_of(card), view, _voids(view), seats)


def _cheap(card: Card, view: TyzichaView) -> tuple[int, int, int, int, Card]:
    """The order of cards to throw away: not a marriage's half, not a trump, not a winner from the top,
    then the fewest points, the lowest."""
    partner = partner_of(card)
    half = int(partner is not None and partner in view.hand)
    top = int(_top(card, view, _played(view)))
    return half, int(suit_of(card) == view.trump), top, card_points(card) + strength(card), card


# --- the play ---------------------------------------------------------------------------------------


def _lead(view: TyzichaView, plays: list[Play]) -> Play:
    others = [seat for seat in range(PLAYERS) if seat != view.seat]
    played = _played(view)
    marriages = [play for play in plays if play.marriage]
    # A marriage's half is never led without showing the marriage while another card will do.
    plain = [play for play in plays if not play.marriage and not _cheap(play.card, view)[0]]
    plain = plain or [play for play in plays if not play.marriage]
    if view.seat == view.declarer and view.trump is None:
        # Winners from the top cannot be ruffed while there is no trump: cash them, keeping the lead.
        tops = [play for play in plain if _top(play.card, view, played)]
        if tops:
            return max(tops, key=lambda play: (card_points(play.card), -play.card))
    if marriages:
        # The biggest marriage, shown with its Queen: if it is taken, less is lost.
        return max(marriages, key=lambda play: (MARRIAGE_POINTS[suit_of(play.card)], rank_of(play.card) == QUEEN))
    if view.seat == view.declarer and view.trump is not None:
        top_trumps = [play for play in plain if suit_of(play.card) == view.trump and _top(play.card, view, played)]
        if _trumps_out(view) and top_trumps:
            return max(top_trumps, key=lambda play: (strength(play.card), play.card))
    opponents = others if view.seat == view.declarer else [view.declarer] if view.declarer is not None else others
    winners = [play for play in plain if _sure(play.card, view, opponents)]
    if winners:
        return max(winners, key=lambda play: (card_points(play.card), -play.card))
    choices = plain
    if view.declarer is not None and view.seat != view.declarer:
        # Never into a suit the declarer is known to trump.
        voids = _voids(view)
        safe = [play for play in choices if not _ruffed(suit_of(play.card), view, voids, [view.declarer])]
        choices = safe or choices
    return min(choices, key=lambda play: _cheap(play.card, view))


def _follow(view: TyzichaView, plays: list[Play]) -> Play:
    trick, trump = view.trick, view.trump
    best = trick[winning_index(trick, trump)]
    winner = (view.leader + winning_index(trick, trump)) % PLAYERS
    last = len(trick) == PLAYERS - 1
    after = [] if last else [left_of(view.seat)]
    if any(beats(play.card, best, trump) for play in plays):
        # Heading is compulsory: every card offered wins for now.
        if not last:
            sure = [play for play in plays if _sure(play.card, view, after)]
            if sure:
                return min(sure, key=lambda play: _cheap(play.card, view))
        return min(plays, key=lambda play: (_cheap(play.card, view)[0], strength(play.card), play.card))
    declarer = view.declarer
    if declarer is not None and declarer not in (view.seat, winner):
        # The fellow defender holds the trick: it is theirs if the declarer has played or cannot beat it.
        holds = last or declarer not in after or _sure(best, view, [declarer])
        if holds:
            gifts = [play for play in plays if not _cheap(play.card, view)[0]] or plays
            return max(gifts, key=lambda play: (card_points(play.card), -strength(play.card), -play.card))
    return min(plays, key=lambda play: _cheap(play.card, view))
