"""The teacher's commands: ``enrol`` learners (with ``--accounts``, each their own Unix account), ``remove`` them,
``collect`` the progress files kept in homes (offline classes); for the hubs: ``hand-out`` the lessons into a home,
print the learners' ``image-tag``."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from brass_nb.classroom.accounts import make_account, remove_account
from brass_nb.classroom.collect import collect, format_table, write_csv
from brass_nb.classroom.image import image_tag
from brass_nb.classroom.lessons import copy_lessons
from brass_nb.classroom.passwords import enrol, unlist
from brass_nb.classroom.removal import stop_and_forget
from brass_nb.rules.errors import ClassListError


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m brass_nb.classroom", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    enrolling = commands.add_parser("enrol", help="give each new name on a list a password; print them once")
    enrolling.add_argument("names", type=Path, help="a text file, one learner name a line")
    enrolling.add_argument("class_file", type=Path, help="the hub's class list (created if missing)")
    enrolling.add_argument("--accounts", action="store_true", help="also make each learner a Unix account with a "
                           "home only they read (the one-machine hub; as root)")
    removing = commands.add_parser("remove", help="take learners off the class list; stop their servers and end "
                                   "their sessions on the running hub")
    removing.add_argument("names", nargs="+", help="the learners' names")
    removing.add_argument("class_file", type=Path, help="the hub's class list")
    removing.add_argument("--hub", default="http://127.0.0.1:8000", help="the class hub's address")
    removing.add_argument("--token-file", type=Path, help="the teacher commands' token (default: teacher_api_token "
                          "beside the class list)")
    removing.add_argument("--delete-accounts", action="store_true", help="also delete their Unix accounts and homes")
    collecting = commands.add_parser("collect", help="gather every learner's progress file into one table")
    collecting.add_argument("homes", type=Path, help="the folder holding one home folder per learner")
    collecting.add_argument("--csv", type=Path,
                            help="also write one row per learner and question or exercise to this file")
    handing = commands.add_parser("hand-out", help="copy the lessons a learner's home lacks into it")
    handing.add_argument("lessons", type=Path, help="the lesson notebooks (the repository's notebooks/)")
    handing.add_argument("home", type=Path, help="the learner's home")
    tagging = commands.add_parser("image-tag", help="the tag of the learners' image built from binder/")
    tagging.add_argument("binder", type=Path, nargs="?", default=Path("binder"))
    args = parser.parse_args(argv)

    if args.command == "enrol":
        names = [line.strip() for line in args.names.read_text(encoding="utf-8").splitlines() if line.strip()]
        try:
            issued = enrol(names, args.class_file)
            if args.accounts:
                for name in names:
                    make_account(name)
        except ClassListError as error:
            parser.error(str(error))
        width = max((len(name) for name in issued), default=0)
        for name, password in issued.items():
            print(f"{name.ljust(width)}  {password}")
        print(f"{len(issued)} new learner(s) in {args.class_file}; hand these passwords out, they are not kept.",
              file=sys.stderr)
    elif args.command == "remove":
        try:
            gone = unlist(args.names, args.class_file)
            token_file = args.token_file or args.class_file.parent / "teacher_api_token"
            stopped = [name for name in args.names if stop_and_forget(name, args.hub, token_file)]
            deleted = [name for name in args.names if args.delete_accounts and remove_account(name)]
        except ClassListError as error:
            parser.error(str(error))
        print(f"off the class list: {', '.join(gone) or 'none'}; servers stopped and sessions ended: "
              f"{', '.join(stopped) or 'none'}" + (f"; accounts deleted: {', '.join(deleted)}" if deleted else ""))
    elif args.command == "collect":
        if not args.homes.is_dir():
            parser.error(f"{args.homes} is not a folder of learners' homes")
        gathered = collect(args.homes)
        print(format_table(gathered))
        if args.csv:
            with args.csv.open("w", encoding="utf-8", newline="") as stream:
                write_csv(gathered.rows, stream)
        for problem in gathered.problems:
            print(f"problem: {problem}", file=sys.stderr)
    elif args.command == "hand-out":
        copied = copy_lessons(args.lessons, args.home)
        print(f"{len(copied)} lesson file(s) copied into {args.home}")
    else:
        print(image_tag(args.binder))
    return 0


if __name__ == "__main__":
    sys.exit(main())
