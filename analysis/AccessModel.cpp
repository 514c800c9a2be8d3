//===- AccessModel.cpp - Names of access kinds and block sources ----------===//
//
// The spellings are part of the JSON report (shared/design.md): keep them.
//
//===----------------------------------------------------------------------===//

#include "analysis/AccessModel.h"

namespace lds {

const char *accessKindName(AccessKind K) {
  switch (K) {
  case AccessKind::Load:
    return "load";
  case AccessKind::Store:
    return "store";
  case AccessKind::Atomic:
    return "atomic";
  }
  return "load";
}

const char *blockSourceName(BlockSource S) {
  switch (S) {
  case BlockSource::Cli:
    return "cli";
  case BlockSource::Launch:
    return "launch";
  case BlockSource::LaunchBounds:
    return "launch_bounds";
  case BlockSource::Default:
    return "default";
  case BlockSource::Config:
    return "config";
  }
  return "default";
}

} // namespace lds
