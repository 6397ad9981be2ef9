"""How long the README's test command takes, as CI runs it: on a fresh clone, without bytecode.

    python bench/suite.py                 # 3 runs of main's HEAD, the median and each run
    python bench/suite.py --runs 1 --ref some-branch
    python bench/suite.py --durations 40  # also the 40 slowest tests of the last run

Each run clones the repository (``git clone`` of ``--ref``) into a fresh temporary folder and
runs ``python3 -m pytest -n 2`` there with PYTHONDONTWRITEBYTECODE=1 and a data folder of its
own, as `.ci/run` does (the package is already installed: the clone's copy is imported, since
pytest runs from its root). Reported per run: wall seconds, the CPU seconds of pytest and all
its children (user and system), the summary line, the load average before and after, and the
loop probe (CPU seconds for five million additions: 0.55 on this machine's fast phase, 0.85
and more on its slow one), so that figures from different hours can be compared.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parent.parent
TEST_COMMAND = [sys.executable, "-m", "pytest", "-n", "2"]  # .ci/run's, and the README's


LOOP_PROBE = (
    "import time\nt = time.process_time()\ns = 0\nfor i in range(5_000_000): s += i\nprint(time.process_time() - t)"
)


def loop_probe() -> float:
    """The CPU seconds of five million additions at module level, in a Python of its own."""
    return float(subprocess.check_output([sys.executable, "-c", LOOP_PROBE], text=True))


def children_cpu() -> tuple[float, float]:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime, usage.ru_stime


def one_run(ref: str, durations: int) -> dict[str, object]:
    with tempfile.TemporaryDirectory(prefix="rummy-suite-bench-") as folder:
        clone, data = Path(folder) / "clone", Path(folder) / "data"
        subprocess.run(["git", "clone", "-q", "--branch", ref, str(REPOSITORY), str(clone)], check=True)
        data.mkdir()
        environment = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "RUMMY_TUI_DATA_DIR": str(data)}
        command = [*TEST_COMMAND, *([f"--durations={durations}"] if durations else [])]
        probe, load_before = loop_probe(), os.getloadavg()[0]
        user_before, system_before = children_cpu()
        started = time.monotonic()
        finished = subprocess.run(command, cwd=clone, env=environment, capture_output=True, text=True)
        wall = time.monotonic() - started
        user_after, system_after = children_cpu()
    lines = finished.stdout.strip().splitlines()
    slowest = [line for line in lines if line[:1].isdigit() and "s " in line[:9]]
    return {
        "wall": wall,
        "user": user_after - user_before,
        "system": system_after - system_before,
        "summary": lines[-1] if lines else finished.stderr.strip()[-200:],
        "exit": finished.returncode,
        "load": (load_before, os.getloadavg()[0]),
        "probe": probe,
        "slowest": slowest[:durations],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--ref", default=None, help="the branch to clone (default: the checked-out branch)")
    parser.add_argument("--durations", type=int, default=0, help="print the N slowest tests of the last run")
    options = parser.parse_args()
    ref = (
        options.ref
        or subprocess.check_output(
            ["git", "-C", str(REPOSITORY), "rev-parse", "--abbrev-ref", "HEAD"], text=True
        ).strip()
    )
    commit = subprocess.check_output(["git", "-C", str(REPOSITORY), "rev-parse", "--short", ref], text=True).strip()
    print(f"{ref} at {commit}, {os.cpu_count()} CPUs: {' '.join(TEST_COMMAND[1:])}")
    runs = []
    for number in range(options.runs):
        run = one_run(ref, options.durations if number == options.runs - 1 else 0)
        runs.append(run)
        print(
            f"run {number + 1}: wall {run['wall']:.0f} s, user {run['user']:.0f} s, system {run['system']:.0f} s, "
            f"load {run['load'][0]:.1f} -> {run['load'][1]:.1f}, probe {run['probe']:.2f} s, "
            f"exit {run['exit']}: {run['summary']}",
            flush=True,
        )
    print(
        f"median of {len(runs)}: wall {statistics.median(run['wall'] for run in runs):.0f} s, "
        f"user {statistics.median(run['user'] for run in runs):.0f} s"
    )
    for line in runs[-1]["slowest"]:
        print(line)


if __name__ == "__main__":
    main()
