"""Foundations every other part of the model uses: the frozen base model, numeric bounds,
plural wording, control-character stripping and problems as values.
"""
