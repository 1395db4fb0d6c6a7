"""Started by Python in every process whose PYTHONPATH holds this folder (the end-to-end tests' bot
processes): the toy game is installed before ``python -m bot`` runs, unmodified."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from tests.toy import install

install()
