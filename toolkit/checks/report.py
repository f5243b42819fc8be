"""The outcome of `toolkit check`: invariant violations, failed rulings and static findings,
printed as text or JSON; `ok` decides the exit code."""

from __future__ import annotations

import json
import shlex
from dataclasses import asdict, dataclass, field


@dataclass
class Violation:
    """An invariant that failed in a fuzzed game, with the way to replay it."""

    invariant: str
    message: str
    project: str
    seed: int
    agents: list[str]
    index: int                      # actions applied when it failed
    recent: list[str] = field(default_factory=list)

    @property
    def command(self) -> str:
        from toolkit.trust import replay_flag  # ' --trust' when the rules need it typed
        return (f"toolkit replay {shlex.quote(self.project)} --seed {self.seed} "
                f"--players {len(self.agents)} --agents {','.join(self.agents)} "
                f"--until {self.index}" + replay_flag(self.project))

    def text(self) -> str:
        lines = [f"invariant '{self.invariant}' failed: {self.message}",
                 f"  seed {self.seed}, action {self.index}, agents {', '.join(self.agents)}"]
        if self.recent:
            lines.append("  last actions:")
            lines += [f"    {r}" for r in self.recent]
        lines.append(f"  replay: {self.command}")
        return "\n".join(lines)


@dataclass
class RulingFailure:
    """A ruling whose expectation did not hold (or could not be run)."""

    where: str                      # file:line of the failing step or expectation
    ruling: str
    rule: str
    expected: str
    actual: str

    def text(self) -> str:
        return (f"{self.where}: ruling '{self.ruling}' failed: {self.rule}\n"
                f"  expected: {self.expected}\n  actual:   {self.actual}")


@dataclass
class CheckReport:
    project: str
    games: int = 0
    actions: int = 0
    seconds: float = 0.0
    violations: list[Violation] = field(default_factory=list)
    rulings: int = 0
    failures: list[RulingFailure] = field(default_factory=list)
    known: list[str] = field(default_factory=list)       # rulings marked known_failure
    errors: list[str] = field(default_factory=list)      # static consistency errors
    warnings: list[str] = field(default_factory=list)    # e.g. ops that never fired
    ops_fired: dict[str, int] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not (self.violations or self.failures or self.errors)

    def text(self) -> str:
        out = [v.text() for v in self.violations] + [f.text() for f in self.failures]
        out += [f"known departure: {k}" for k in self.known]
        out += [f"error: {e}" for e in self.errors] + [f"warning: {w}" for w in self.warnings]
        rate = self.games / self.seconds if self.seconds else 0.0
        out.append(
            f"{self.games} games ({self.actions} actions, {rate:.1f} games/s): "
            f"{len(self.violations)} invariant violation{'s' * (len(self.violations) != 1)}; "
            f"{self.rulings} rulings: {len(self.failures)} failed"
            + (f", {len(self.known)} known departures; " if self.known else "; ")
            + f"{len(self.errors)} consistency error{'s' * (len(self.errors) != 1)}, "
            f"{len(self.warnings)} warning{'s' * (len(self.warnings) != 1)}")
        out.append("OK" if self.ok else "FAILED")
        return "\n".join(out)

    def json(self) -> str:
        data = asdict(self)
        for v, raw in zip(self.violations, data["violations"]):
            raw["command"] = v.command
        data["ok"] = self.ok
        return json.dumps(data, indent=2, ensure_ascii=False, sort_keys=True)
