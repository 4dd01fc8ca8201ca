"""Ledger: what each agent's thinking cost over the last game hour, and the budget it is held to."""
from __future__ import annotations

import threading
from collections import deque
from collections.abc import Hashable
from datetime import datetime, timedelta

from npc_brain.runtime.jobs import Budget, Usage
from npc_brain.types.clock import Now

__all__ = ["Ledger"]

_HOUR = timedelta(hours=1)


class Ledger:
    """Calls and tokens charged per agent over a sliding game hour, and the budgets they meet.

    Without a clock (`now` None) nothing is charged and no budget may be set. `charge` may be
    called from any thread (a job's model calls are counted where they run); the rest belongs
    to the scheduler's owner thread.
    """

    def __init__(self, now: Now | None, budget: Budget | None = None) -> None:
        self._now = now
        self._default = budget
        self._budgets: dict[Hashable, Budget | None] = {}
        self._spent: dict[Hashable, deque[tuple[datetime, int, int]]] = {}
        self._lock = threading.Lock()

    def charge(self, agent_id: Hashable, calls: int = 1, tokens: int = 0) -> None:
        """Record LLM usage for an agent at the current game time (any thread)."""
        if self._now is None:
            return  # no clock, no budget window to charge
        when = self._now()
        with self._lock:
            self._spent.setdefault(agent_id, deque()).append((when, int(calls), int(tokens)))

    def usage(self, agent_id: Hashable) -> Usage:
        """Calls and tokens charged to the agent during the last game hour."""
        if self._now is None:
            return Usage()
        horizon = self._now() - _HOUR
        with self._lock:
            spent = self._spent.get(agent_id)
            if not spent:
                return Usage()
            while spent and spent[0][0] <= horizon:
                spent.popleft()
            return Usage(sum(c for _, c, _ in spent), sum(t for _, _, t in spent))

    def reset(self, agent_id: Hashable | None = None) -> None:
        """Forget charged usage (all agents when None)."""
        with self._lock:
            if agent_id is None:
                self._spent.clear()
            else:
                self._spent.pop(agent_id, None)

    def set_budget(self, agent_id: Hashable, budget: Budget | None) -> None:
        """Give one agent its own budget (None = unlimited) instead of the default."""
        if budget is not None and self._now is None:
            raise ValueError("a budget needs game time: construct the scheduler with now=")
        self._budgets[agent_id] = budget

    @property
    def budgeted(self) -> bool:
        """Whether any agent is held to a budget (without one nothing is ever held)."""
        return self._default is not None or any(b is not None for b in self._budgets.values())

    def budget_for(self, agent_id: Hashable) -> Budget | None:
        """The budget that applies to this agent."""
        return self._budgets.get(agent_id, self._default)

    def holds(self, agent_id: Hashable, priority: int, running: int) -> bool:
        """Whether a job of `priority` must wait for the agent's budget to free up. `running`:
        the agent's jobs out on the executor (superseded ones too: they still run), each
        counted as at least a call, so a burst of submits cannot overshoot."""
        budget = self.budget_for(agent_id)
        if budget is None or priority >= budget.protect:
            return False
        used = self.usage(agent_id)
        calls, tokens = budget.calls_per_game_hour, budget.tokens_per_game_hour
        return (calls is not None and used.calls + running >= calls) or (
            tokens is not None and used.tokens >= tokens)
