"""The demo town."""
