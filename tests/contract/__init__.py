"""The generic contract suite: the seven properties of docs/architecture.md ("The contract"),
checked on every game × option set × seed."""
