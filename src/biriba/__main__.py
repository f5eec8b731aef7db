"""``python -m biriba``: the same command line as ``biriba``."""

from biriba.cli import main

if __name__ == "__main__":
    main()
