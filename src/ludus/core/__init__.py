"""The kernel: the State/Game contract, Perspective, knowledge pools, records and errors.

Standard library only; games build on it, and nothing here imports a game.
"""
