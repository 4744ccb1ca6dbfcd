"""Click command `sweep`: a plan's grid of analyses, in-process or on Dask (api/sweeps.py)."""

from __future__ import annotations

import sys

import click

from analyzer.cli.common import input_errors_exit_2, progress_bar


@click.command()
@click.argument("plan", type=click.Path(dir_okay=False))
@click.option(
    "--scheduler",
    default="local",
    show_default=True,
    metavar="local|none|ADDRESS",
    help="local: a Dask LocalCluster of worker processes on this machine; none: run "
    "in this process without Dask; ADDRESS: a running Dask scheduler "
    "(tcp://host:8786). Results do not depend on it.",
)
@click.option(
    "--workers",
    type=click.IntRange(min=1),
    default=None,
    help="Worker processes of the local cluster (default: the number of cores).",
)
@click.option(
    "--out",
    type=click.Path(file_okay=False),
    default=None,
    help="Run folder (default: a new results/sweep-<id>/). Rerunning into the same "
    "folder resumes: finished tasks are not run again.",
)
@input_errors_exit_2
def sweep(plan: str, scheduler: str, workers: int | None, out: str | None) -> None:
    """Run every cell (deck x opponent x policy x player; tune: x card) of a sweep PLAN (TOML)
    and merge the tables: simulate, cardstats, compare, evaluate or tune.

    Plan format: README.md, "gift-analyzer sweep"; examples: decks/plans/.
    """
    from analyzer.api import sweeps as api_sweep

    holder: dict[str, int] = {}
    with progress_bar() as (start, progress):

        def on_start(todo: int, stored: int) -> None:
            holder["stored"] = stored
            if stored:
                click.echo(f"resuming: {stored} games already in the run folder", err=True)
            if todo:
                start(todo)

        try:
            run = api_sweep.run_sweep(
                plan,
                scheduler=scheduler,
                workers=workers,
                out=out,
                progress=progress,
                on_start=on_start,
                log=lambda m: click.echo(f"warning: {m}", err=True),
            )
        except api_sweep.SweepInterrupted as stop:
            click.echo(
                f"\ninterrupted: {stop.tasks_done} of {stop.tasks} tasks are stored in "
                f"{stop.run_dir}; run the same command with --out {stop.run_dir} to "
                "finish the sweep",
                err=True,
            )
            sys.exit(130)
    click.echo(run.report)
    if run.games:
        workers = f" ({len(run.workers)} workers)" if run.workers else ""
        speed = (
            f"{run.computed} tunings in {run.task_seconds:.1f} s"
            if run.analysis == "tune"
            else f"{run.games / max(run.task_seconds, 1e-9):,.0f} games/s over the tasks"
        )
        click.echo(
            f"{speed} on scheduler {scheduler}{workers}; "
            f"{run.seconds - run.task_seconds:.1f} s setup (cluster start, kernel load)"
        )
    click.echo(f"wrote {run.out_dir}")
