"""analysis layer (see DESIGN section 2)."""
