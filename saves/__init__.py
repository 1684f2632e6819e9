"""Everything that crosses the file boundary: roster and battle saves, exports, imports.

Reading turns a file into a validated model or a ``WarbandError`` naming the file,
the line and the key path; writing is atomic, so a full disk or a killed process
never destroys the previous file.
"""
