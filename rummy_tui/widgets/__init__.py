"""The table's widgets: each shows one thing and renders from a :class:`TableView`."""
