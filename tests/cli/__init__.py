"""Tests of the ``ludus`` command line (play, simulate, replay, games) through click's CliRunner."""
