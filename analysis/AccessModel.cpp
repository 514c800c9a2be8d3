//===- AccessModel.cpp - Names of access, block-source and barrier kinds --===//
//
// The spellings are part of the JSON report (docs/design.md): keep them.
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

const char *barrierKindName(BarrierKind K) {
  switch (K) {
  case BarrierKind::SyncThreads:
    return "syncthreads";
  case BarrierKind::SyncThreadsReduce:
    return "syncthreads_reduce";
  case BarrierKind::BlockSync:
    return "block_sync";
  case BarrierKind::BareBarrier:
    return "s_barrier";
  case BarrierKind::SyncWarp:
    return "syncwarp";
  case BarrierKind::AsmBarrier:
    return "asm";
  }
  return "syncthreads";
}

std::set<std::string> symbolsRead(const Access &A) {
  std::set<std::string> Used;
  auto Collect = [&](const std::string &Name) { Used.insert(Name); };
  A.ByteOffset->forEachSymbol(Collect);
  if (A.Predicate)
    A.Predicate->forEachSymbol(Collect);
  return Used;
}

} // namespace lds
