"""The environments' spaces: Gymnasium's own (gymnasium.spaces.Box, Discrete, Dict) when
Gymnasium is installed (it comes with PettingZoo), else minimal ones with the attributes of
Gymnasium's (shape, dtype, n, sample, contains), so that deckhand's environments need neither
Gymnasium nor PettingZoo."""

import numpy as np

try:
    import gymnasium.spaces as _gym
except ImportError:  # pragma: no cover - depends on what is installed
    _gym = None

GYMNASIUM = _gym is not None


class Box:
    """Arrays of `shape` and `dtype` with values in [low, high]."""

    def __init__(self, low, high, shape, dtype):
        self.low, self.high = low, high
        self.shape = tuple(shape)
        self.dtype = np.dtype(dtype)

    @property
    def size(self):
        return int(np.prod(self.shape))

    def contains(self, x):
        x = np.asarray(x)
        return (x.shape == self.shape and x.dtype == self.dtype
                and bool(np.all(x >= self.low)) and bool(np.all(x <= self.high)))

    def __repr__(self):
        return f"Box({self.low}, {self.high}, {self.shape}, {self.dtype})"


class Discrete:
    """The integers 0 .. n-1."""

    def __init__(self, n):
        self.n = int(n)
        self.shape = ()
        self.dtype = np.dtype(np.int64)

    @property
    def size(self):
        return self.n

    def sample(self, mask=None, rng=None):
        """A uniform choice; with a mask, among the indices where it is 1."""
        rng = rng or np.random.default_rng()
        if mask is None:
            return int(rng.integers(self.n))
        choices = np.flatnonzero(mask)
        return int(rng.choice(choices))

    def contains(self, x):
        return isinstance(x, (int, np.integer)) and 0 <= int(x) < self.n

    def __repr__(self):
        return f"Discrete({self.n})"


class Dict:
    """Named spaces, as the observation dict of the environments."""

    def __init__(self, spaces):
        self.spaces = dict(spaces)

    def __getitem__(self, key):
        return self.spaces[key]

    def contains(self, x):
        return set(x) == set(self.spaces) and all(s.contains(x[k]) for k, s in self.spaces.items())

    def __repr__(self):
        return f"Dict({self.spaces})"


if GYMNASIUM:
    Box, Discrete, Dict = _gym.Box, _gym.Discrete, _gym.Dict
