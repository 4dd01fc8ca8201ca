"""The package version (one place: the package, saves and the CLI read it)."""

__version__ = "0.1.0"
