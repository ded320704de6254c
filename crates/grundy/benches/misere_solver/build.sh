#!/bin/sh
# Builds Siegel's MisereSolver (CGSuite, package
# org.cgsuite.core.misere.solver) for grundy's quotient benchmark.
#
#   build.sh CGSUITE_CHECKOUT OUT_DIR
#
# CGSUITE_CHECKOUT is a checkout of https://github.com/aaron-siegel/cgsuite
# (this script fetches nothing). The solver's classes are plain Java; its
# heap rules come from CGSuite's Scala core, which is not built: the
# stand-in classes beside this script give the options of an octal code,
# and the copy of MisereSolver.java made in OUT_DIR asks them for its
# heap options instead of the Scala collections. The command-line front
# end (Scala too) is left out; Driver.java runs the solver instead.
# Nothing is written outside OUT_DIR.
set -eu

if [ $# -ne 2 ]; then
    echo "usage: $0 CGSUITE_CHECKOUT OUT_DIR" >&2
    exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
src="$1/lib/core/src/main/scala/org/cgsuite/core/misere/solver"
out=$2
if [ ! -f "$src/MisereSolver.java" ]; then
    echo "no MisereSolver source under $1 (expected $src/MisereSolver.java)" >&2
    exit 1
fi
if ! command -v javac >/dev/null 2>&1; then
    echo "javac not found: install a JDK (for example openjdk-17-jdk-headless)" >&2
    exit 1
fi

rm -rf "$out"
mkdir -p "$out/src" "$out/classes"
for f in "$src"/*.java; do
    case $(basename "$f") in
        CommandLineInterface.java | CommandLineOptions.java) ;;
        *) cp "$f" "$out/src/" ;;
    esac
done

# The one change to the suite's source: heapOptions reads the stand-in
# rules instead of converting CGSuite's Scala sequences.
perl -0pi -e '
    s/^import scala\.[^\n]*\n//mg;
    s/(public List<int\[\]> heapOptions\(int heapSize\)\s*\{).*?\n    \}\n/$1\n        return rules.options(heapSize);\n    }\n/s
        or die "heapOptions not found\n";
' "$out/src/MisereSolver.java"
if grep -q "scala\." "$out/src/MisereSolver.java"; then
    echo "MisereSolver.java still names Scala after the patch; the suite's source has changed" >&2
    exit 1
fi

javac -nowarn -encoding UTF-8 -d "$out/classes" \
    "$out"/src/*.java \
    $(find "$here/stand-in" -name '*.java') \
    "$here/Driver.java"
echo "built MisereSolver into $out/classes (run: java -cp $out/classes Driver 0.07 30)"
