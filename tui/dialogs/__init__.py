"""Modal dialogs, each a ``ModalScreen[T]`` that returns a typed result."""
