"""BrainSettings: every tunable number of the cognitive core in one typed place.

Numbers marked *paper* are Park et al.'s defaults; the rest are chosen for cost
(≤ 40 calls per agent-day) and explained next to the field.
"""
from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from npc_brain.memory.retrieval import RetrievalWeights


class BrainSettings(BaseModel):
    """Settings of agents and the society; frozen, so share one instance freely."""

    model_config = ConfigDict(frozen=True)

    # retrieval (paper: all weights 1, decay 0.995 per game hour)
    recency_weight: float = Field(1.0, ge=0)
    importance_weight: float = Field(1.0, ge=0)
    relevance_weight: float = Field(1.0, ge=0)
    recency_decay: float = Field(0.995, gt=0, le=1)
    retrieval_k: int = Field(4, ge=1, le=30, description="memories per query in prompts")

    # reflection (paper: threshold 150, the latest 100 memories, 3 questions)
    reflection_threshold: int = Field(150, ge=1)
    reflection_recent: int = Field(100, ge=5)
    reflection_per_question: int = Field(5, ge=1)
    # The 135M model cites statements by position (1–3 in 148 of 183 citations, 7 and later in
    # 15; a 12-hour town run): the best-scored six carry the insights, and the rest was the
    # largest part of the reflection prompt no other call shares.
    reflection_statements: int = Field(
        6, ge=1,
        description="statements an insight prompt lists: the best-scored, each talk once, in the order they happened")
    reflection_char_budget: int = Field(2400, ge=200, description="clip of the recent list for a 2k context")
    insight_novelty: float = Field(0.0, ge=0, le=1, description=(
        "share of an insight's content words the evidence may lack (0: it only recombines what the evidence "
        "says — on the 135M model 63 of 66 insights said what no memory held; raise it for a model whose "
        "abstractions you trust, as the paper's 'Klaus is dedicated to his research')"))

    # memorizing: perceptions wait in a buffer, then are rated and embedded together
    memorize_batch: int = Field(32, ge=1, description="memorize when this many perceptions wait …")
    # Routine sightings are rated without a call and every other memory gets a call of its
    # own, so waiting saves no calls, only jobs: 3 minutes keeps memory within the issue's
    # 5 game minutes of the clock (at 15 it lagged 18 min p95; a game day at 180).
    memorize_interval_minutes: int = Field(3, ge=1, description="… or the oldest waited this long")
    dedup_minutes: int = Field(90, ge=0, description="an identical perception within this is dropped")
    share_importance_cache: bool = True

    # planning
    wake_hour: int = Field(7, ge=0, le=23)
    sleep_hour: int = Field(22, ge=0, le=23)
    lookahead_minutes: int = Field(10, ge=0, description="decompose this far ahead of need")

    # reacting
    react_cooldown_minutes: int = Field(20, ge=0, description="between two reactions of one agent")
    react_subject_cooldown_minutes: int = Field(180, ge=0, description="between reactions to one subject")
    react_by_rule: bool = Field(
        True, description="decide clear-cut sightings without a call (`reaction.clear_cut`); the model the rest")
    refusal_minutes: int = Field(60, ge=1, description="how long a refused place stays excluded")

    # dialogue
    # 4 lines: a 135M model's exchange drifts after two lines each, and each line is a call.
    dialogue_turn_cap: int = Field(4, ge=2, description="lines in an NPC↔NPC conversation")
    # Between NPCs the 135M model's phrasing adds nothing the ground does not say (the check
    # repairs it back to the ground often) and costs ~46 generated tokens a line, the largest
    # share of a headless day's decoding; a capable model's phrasing reads better: turn it on.
    phrase_npc_lines: bool = Field(
        False, description="NPC↔NPC lines phrased by the model; off: the model chooses the ground (1 token)")
    # To the player too: on the 135M model the check repaired 70% of phrased answers back to
    # their ground (`eval grounding`, seed 2) and the kept ones were near-copies or worse ("Yes,
    # I have heard about it" for a crash it never heard of); phrasing also costs the player
    # ~10 forced JSON tokens before the first word. A capable model's phrasing reads better.
    phrase_player_lines: bool = Field(
        False, description="lines to the player (and interview answers) phrased by the model, streamed; "
        "off: the chosen ground, said as written")
    player_turn_cap: int = Field(40, ge=3, description="NPC lines in a chat with the player")
    conversation_cooldown_minutes: int = Field(240, ge=0, description="before the same pair talks again")
    conversation_idle_minutes: int = Field(20, ge=1, description="a player chat with no new line ends")
    player_first: bool = Field(True, description="the player's thinking runs before the town's")
    read_ahead: bool = Field(
        True, description="while the player types, read the NPC's next prompt start into the engine's cache")
    engaged_background_calls: int = Field(
        0, ge=0, description="the town's model calls at once while a player chat is open")

    # level of detail (see `cognition.detail`): NPCs out of the player's view think coarser
    level_of_detail: bool = Field(True, description="NPCs not in focus think at the coarse grain")
    coarse_react_cooldown_minutes: int = Field(60, ge=0, description="between reactions of a coarse NPC")
    coarse_reflection_factor: float = Field(2.0, ge=1, description="reflection threshold × this when coarse")
    # What a player can see (`Society.watched`) is the game: there the cooldowns that bound cost
    # out of view are shorter. In the café at lunch (embedded model, 10 NPCs) the pair cooldown
    # was the commonest reason two NPCs in view did not talk (28 of 35 refusals in four hours).
    watched_conversation_cooldown_minutes: int = Field(
        60, ge=0, description="before a pair a player can see talks again")
    watched_subject_cooldown_minutes: int = Field(
        60, ge=0, description="between reactions to one person, for an NPC a player can see")
    watched_glance_minutes: int = Field(
        10, ge=0, description="an NPC a player can see notices someone in its room this often (0: never)")
    unwatched_glance_minutes: int = Field(
        60, ge=0, description="an NPC nobody watches notices someone in its room this often (0: never); "
        "its talk then costs no call (`unwatched_lines_by_rule`)")

    # thinking that scales with what happens (issue 29, `cognition.habits`): an NPC nobody watches
    # spends a call only where something new happened to it; what no player sees is done by habit.
    habit_days: bool = Field(
        True, description="a coarse NPC with nothing new since its last day plan plans the next by habit, no call")
    habit_hours: bool = Field(True, description="a coarse NPC's day chunks are their own hour steps, no call")
    coarse_importance_by_reading: bool = Field(
        True, description="a coarse NPC rates memories by how they read (`language.poignancy`), no call")
    rating_check: bool = Field(
        True, description="in view too, a memory is rated by how it reads while the model's last ratings "
        "changed (almost) none of what the reading gives (`memory.RatingCheck`; a few still go to the model)")
    coarse_questions_by_rule: bool = Field(
        True, description="a coarse NPC's reflection picks its questions by rule (`reflection.salient_questions`)")
    # In view too: which questions a reflection asks is never shown, only the insights are (the
    # model's still). The 135M model's picks followed the options' order (see docs/decisions.md),
    # and the call was ~1.1k prompt tokens per agent-day, 0.3% of them reused from the cache.
    full_questions_by_rule: bool = Field(
        True, description="an NPC at full detail (in view) picks its reflection questions by rule too; "
        "False: the model chooses them (the paper's way, for a capable model)")
    unwatched_lines_by_rule: bool = Field(
        True, description="a line between two NPCs nobody watches says the code's best ground, no call")

    # scheduling
    failure_backoff_minutes: int = Field(15, ge=1, description="wait before retrying a failed thought")
    budget_calls_per_hour: float | None = Field(None, ge=0, description="per agent; None = unlimited")
    budget_tokens_per_hour: float | None = Field(None, ge=0)

    @property
    def weights(self) -> RetrievalWeights:
        """The three retrieval weights as the memory layer takes them."""
        return RetrievalWeights(self.recency_weight, self.importance_weight, self.relevance_weight)
