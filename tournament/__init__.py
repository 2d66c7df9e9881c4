"""The Django project and its one app: events, movements, results, standings."""
