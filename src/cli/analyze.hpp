// `deckhand analyze`: every card play of a record against the open-hand solver (docs/cli.md).
#pragma once

namespace deckhand::cli {

// The whole command: parses argv[2..] itself (RECORD [--seat S] [--json]) and returns the exit
// code (0 analysed, 1 the record was refused, 2 usage or unreadable input).
int cmd_analyze(int argc, char** argv);

}  // namespace deckhand::cli
