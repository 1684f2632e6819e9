"""The dice helper at the table (``d`` in the tracker), one module per part it shows.

* ``screen``: ``DiceDialog``, the dialog's layout, keys and rolling: it follows the
  player's choices and logs each roll;
* ``rows``: the field rows, built when a kind of roll first asks for them, filled with
  its labels and choices, and read into a form;
* ``fields``: the fields' vocabulary: labels, ticks, numbers, the rows' order;
* ``light``: the widgets made cheap to open (a drop-down drawn by itself until opened,
  compact fields styled once);
* ``results``: the result panel's text;
* ``follow_on``: the roll that follows the last one, kept between openings.
"""
