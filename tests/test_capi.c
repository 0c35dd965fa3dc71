#include "deckhand.h"
int main(void) { return 0; }
