"""The app's longer dialog sequences, one module each: starting a new battle,
offering back unsaved lists, offering a damaged battle's backup.

Apart from ``tui.app`` so that the app class holds the wiring (screens, settings,
opening files) and each sequence of questions can be read whole on its own. Each
asks through the app it is given and hands back what the app should open.
"""
