"""The generic contract suite: DESIGN.md §2-3 checked on every game × option set × seed."""
