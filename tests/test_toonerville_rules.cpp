// Toonerville Rook rule tests on explicit deals, one or more per rule T1–T14 and per option.
#include <doctest/doctest.h>

#include "deckhand/toonerville.hpp"
