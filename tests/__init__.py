"""The tests. Imported before any test module or conftest, so this is where the run's interpreter is set up."""

import sys

# A run starts dozens of Python processes (test workers, bot processes, their picture servers): with
# PYTHONDONTWRITEBYTECODE set (as in our Dockerfile), each would compile the project's modules again and
# pytest would rewrite every test module again. The caches written from here on are read by all of them.
sys.dont_write_bytecode = False
