#include "deckhand.h"
int main() { return dh_version_number() == DH_VERSION_NUMBER ? 0 : 1; }
