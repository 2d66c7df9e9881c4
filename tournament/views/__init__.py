"""Views, thin: they validate with a form and call ``scoring`` or the services."""
