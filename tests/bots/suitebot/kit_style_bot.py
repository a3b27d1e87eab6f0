#!/usr/bin/env python3
"""A SuiteBot II bot written against the 2018 Python kit's server loop, as docs/games/suitebot.md
("Running the original bots unchanged") describes it. This is our own code in the kit's style, not
the kit: Arena must run it unchanged as a `tcp:` seat.

    run: python3 kit_style_bot.py [port]      (the port is the single argument; default 9001)

The loop, as in the kit: a TCP server; every connection carries one request line; the answer is
the AI's action character, written without a newline, and the connection is closed. "EXIT" shuts
the server down, "UPTIME" answers the uptime in seconds, an empty request (a readiness probe) is
ignored. The game state is rebuilt from the JSON DTO (players keyed by strings, [x][y] grids,
max_rounds = remainingRounds + currentRound + 1). The AI object is built when currentRound == 1.
An exception in the AI is answered with its text, exactly like the kit.
"""
import json
import socket
import sys
import time

DEFAULT_PORT = 9001


# ---- game package: constants and state -------------------------------------------------------

class Action:
    UP = "U"
    DOWN = "D"
    LEFT = "L"
    RIGHT = "R"
    HOLD = "H"
    PLANT_BOMB = "B"

    @staticmethod
    def from_string(text):
        """The kit parses a move by its first letter (agentLastMove is a word)."""
        if not text:
            return None
        return {"U": Action.UP, "D": Action.DOWN, "L": Action.LEFT, "R": Action.RIGHT,
                "H": Action.HOLD, "P": Action.PLANT_BOMB, "B": Action.PLANT_BOMB}.get(text[0].upper())


class Point:
    def __init__(self, x, y):
        self.x, self.y = x, y

    def __eq__(self, other):
        return self.x == other.x and self.y == other.y

    def __repr__(self):
        return "(%d,%d)" % (self.x, self.y)


class Bomb:
    """A bomb explodes in the round in which the countdown is 0; when the countdown is 0 your
    agent still has one move."""

    def __init__(self, owner_id, countdown):
        self.owner_id, self.countdown = owner_id, countdown


class Player:
    def __init__(self, player_id, name, resources, home_base, agent, last_move):
        self.id, self.name, self.resources = player_id, name, resources
        self.home_base_location, self.agent_location, self.agent_last_move = home_base, agent, last_move


class GameState:
    def __init__(self, ai_player_id, current_round, max_rounds, width, height, players, resources, bombs):
        self.ai_player_id = ai_player_id
        self.current_round = current_round
        self.max_rounds = max_rounds
        self.width, self.height = width, height
        self.players = players            # id -> Player
        self.field_resources = resources  # [x][y]
        self.field_bombs = bombs          # [x][y] -> Bomb or None

    def my_player(self):
        return self.players[self.ai_player_id]


def dto_2_game_state(dto):
    players = {}
    for key, p in dto["players"].items():
        pid = int(key)
        if pid == 0:
            raise ValueError("player id 0 is forbidden")
        base, agent = p["homeBaseLocation"], p["agentLocation"]
        players[pid] = Player(pid, p["name"], p["resources"], Point(base["x"], base["y"]),
                              Point(agent["x"], agent["y"]), Action.from_string(p.get("agentLastMove")))
    width, height = dto["gamePlanWidth"], dto["gamePlanHeight"]
    bombs = [[Bomb(b["ownerId"], b["countdown"]) if b else None for b in column] for column in dto["fieldBombs"]]
    return GameState(dto["aiPlayerId"], dto["currentRound"],
                     dto["remainingRounds"] + dto["currentRound"] + 1,
                     width, height, players, dto["fieldResources"], bombs)


# ---- the AI ---------------------------------------------------------------------------------

class SampleBotAi:
    """Plants, then walks two fields up and two left, and repeats. It also checks what it was told,
    so that a state it cannot read shows up as an exception (answered as its text)."""

    PATTERN = [Action.PLANT_BOMB, Action.UP, Action.UP, Action.LEFT, Action.LEFT]

    def __init__(self, game_state):
        self.k = 0
        self.my_id = game_state.ai_player_id

    def make_move(self, game_state):
        if game_state.max_rounds != 100:
            raise ValueError("max_rounds is %d" % game_state.max_rounds)
        if len(game_state.field_resources) != game_state.width or \
                len(game_state.field_resources[0]) != game_state.height:
            raise ValueError("fieldResources is not [x][y]")
        me = game_state.my_player()
        if not (0 <= me.agent_location.x < game_state.width and 0 <= me.agent_location.y < game_state.height):
            raise ValueError("agent off the plan")
        move = self.PATTERN[self.k % len(self.PATTERN)]
        self.k += 1
        return move


class BotRequestHandler:
    def __init__(self):
        self.bot_ai = None

    def process_request(self, request):
        try:
            game_state = dto_2_game_state(json.loads(request))
        except ValueError:
            return "Invalid request - cannot parse JSON"
        try:
            if game_state.current_round == 1:
                self.bot_ai = SampleBotAi(game_state)
            return self.bot_ai.make_move(game_state)
        except Exception as e:  # the kit answers the exception's text
            return str(e)


# ---- the server loop ----------------------------------------------------------------------------

class SimpleServer:
    def __init__(self, port, handler):
        self.port, self.handler = port, handler
        self.start = time.time()

    def run(self):
        server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        server.bind(("127.0.0.1", self.port))
        server.listen(5)
        print("listening on port %d" % self.port, flush=True)
        while True:
            conn, _ = server.accept()
            with conn:
                request = self.read_line(conn)
                if request == "":
                    print("empty request ignored", flush=True)
                    continue
                if request == "EXIT":
                    print("EXIT received, shutting down", flush=True)
                    break
                if request == "UPTIME":
                    conn.sendall(str(int(time.time() - self.start)).encode())
                    continue
                response = self.handler.process_request(request)
                conn.sendall(response.encode())  # no newline, then close
        server.close()

    @staticmethod
    def read_line(conn):
        data = b""
        while b"\n" not in data:
            chunk = conn.recv(65536)
            if not chunk:
                break
            data += chunk
        return data.split(b"\n", 1)[0].decode().strip()


if __name__ == "__main__":
    port = int(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_PORT
    SimpleServer(port, BotRequestHandler()).run()
