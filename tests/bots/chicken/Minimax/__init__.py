from .agent import PlayerAgent
