//===- UnknownCause.cpp - Why a cost is unknown, as data ------------------===//

#include "analysis/UnknownCause.h"

namespace lds {

UnknownCause plainCause(std::string Words) { return {std::move(Words), AdviceKind::None, "", ""}; }

UnknownCause assumeCause(std::string Before, std::string Symbol) {
  return {std::move(Before) + "; ", AdviceKind::Assume, std::move(Symbol), ""};
}

UnknownCause blockCause(std::string Before) {
  return {std::move(Before), AdviceKind::Block, "", ""};
}

void appendToCause(UnknownCause &C, const std::string &Words) {
  (C.Advice == AdviceKind::None ? C.Before : C.After) += Words;
}

std::string causeText(const UnknownCause &C, const AdviceWords &Words) {
  switch (C.Advice) {
  case AdviceKind::None:
    return C.Before + C.After;
  case AdviceKind::Assume:
    return C.Before + Words.Assume + C.Symbol + "=VALUE" + C.After;
  case AdviceKind::Block:
    return C.Before + Words.Block + C.After;
  }
  return C.Before + C.After;
}

} // namespace lds
