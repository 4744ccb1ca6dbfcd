"""report layer (see DESIGN section 2)."""
