"""Views, thin: they validate with a form and call ``scoring`` or the services."""

from .public import deal_calculator, home, movement_preview

__all__ = ["deal_calculator", "home", "movement_preview"]
