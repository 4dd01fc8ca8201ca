"""Walking that does not fight the player: funnelled through doorways a few pixels off, thin props
blocking only at their foot, and drawn behind the furniture in front of them."""
from __future__ import annotations

import numpy as np
import pygame

DORM_DOOR_X = 42 * 32 + 16  # the middle of the dorm's front door (column 42); its step is row 15


def _hold(game, key, seconds):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    for _ in range(int(seconds * 60)):
        game.step(1 / 60)
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))
    game.step(1 / 60)


def test_pushing_straight_at_a_doorway_a_few_pixels_off_leads_through(make_game):
    game = make_game(npcs=1)
    game.run(frames=2)
    for off in (-11, 10):
        game.player.place((DORM_DOOR_X + off, 16 * 32 + 28))  # on the path below the door, off its middle
        _hold(game, pygame.K_UP, 1.2)
        x, y = game.player.position
        assert y < 15 * 32, f"{off:+} px off the door: stopped at {x:.0f}, {y:.0f}"  # inside the common room


def test_too_far_off_a_doorway_the_wall_stops_you(make_game):
    game = make_game(npcs=1)
    game.run(frames=2)
    game.player.place((DORM_DOOR_X + 30, 16 * 32 + 28))
    _hold(game, pygame.K_UP, 0.6)
    assert game.player.position[1] > 15 * 32  # a wall is a wall


def _cell_of(game, tile_name):
    tm = game.town.load.tiled_map
    gid = next(g for g, props in tm.tile_properties.items() if props.get("name") == tile_name)
    for gids, _foot, _offset in game.town.props.layers:
        found = np.argwhere(gids == gid)
        if len(found):
            r, c = found[0]
            return int(c), int(r)
    raise AssertionError(f"no {tile_name} on the map")


def test_a_sign_post_blocks_only_at_its_foot(make_game):
    game = make_game(npcs=1)
    c, r = _cell_of(game, "sign_dorm")
    footing, ts = game.town.footing, 32
    assert not game.world.grid.walkable((c, r))  # the grid (NPCs' paths) still blocks the cell
    # Feet (14 x 8 px) over the top half of the sign's cell: its board is above them, not in the way.
    assert footing.free(c * ts + 2, r * ts + 4, 14, 8)
    # At the bottom of the cell, across its post: blocked.
    assert not footing.free(c * ts + 9, r * ts + 24, 14, 8)
    # A wall stays a wall, all of its square.
    assert not footing.free(DORM_DOOR_X - ts - 7, 15 * ts + 4, 14, 8)


def test_furniture_in_front_is_drawn_over_the_player(make_game):
    game = make_game(npcs=1)
    game.run(frames=2)
    shelf = game.world.get("town:willow_market_pharmacy:shop_floor:produce_shelf")
    x, top = shelf.center[0], shelf.rect[1]
    far = (x, top - 200)
    game.player.place(far)
    game.camera.center_on(x, top)
    game.draw()
    sx, sy = game.camera.to_screen(x, top + 3)
    bare = game.screen.get_at((sx, sy))
    game.player.place((x, top - 1))  # feet just behind the shelf: the sprite reaches 6 px into it
    game.camera.center_on(x, top)
    game.draw()
    assert game.screen.get_at((sx, sy)) == bare  # the shelf, not the player's shoes


def test_out_of_view_bodies_take_turns_and_walk_the_time_they_waited(make_game):
    from demo_game.townsfolk import move_npcs
    from npc_brain import FrameBudget, Rota

    game = make_game(npcs=4)
    game.run(frames=2)
    names = list(game.npcs)
    game.bodies_budget = FrameBudget(0.0)  # in real time; spent at once: one out of view a frame
    game.body_rota = Rota(least=1)
    game.in_view = frozenset(names[:1])
    dt = 0.5
    owed = []
    for _ in range(3):
        move_npcs(game, dt)
        owed.append([game.npcs[n].behind for n in names])
    assert owed == [[0.0, 0.0, dt, dt],  # the one in view every frame, the others in turn
                    [0.0, dt, 0.0, 2 * dt],
                    [0.0, 2 * dt, dt, 0.0]]  # each walks all it was owed when its turn comes
