// The library's text helpers are public (the tools use them too): include/deckhand/text.hpp.
#pragma once

#include "deckhand/text.hpp"
