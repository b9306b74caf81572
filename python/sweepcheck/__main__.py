"""`python3 -m sweepcheck ARGS`: the sweepcheck program this package drives (the build tree's, or the one
installed beside it by `pip install .` or `cmake --install`), run with ARGS; its exit code is the program's.

    python3 -m sweepcheck --help
    python3 -m sweepcheck audit --python my_schemes:MyPbd --out audit
"""
import os
import sys

from ._audit import program


def main():
    path = program()
    os.execv(path, [path] + sys.argv[1:])


if __name__ == "__main__":
    main()
