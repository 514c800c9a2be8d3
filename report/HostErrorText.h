//===- HostErrorText.h - How errors in host-only code are worded ---------===//
//
// Errors clang finds in host-only code do not stop the analysis of the
// kernels (pipeline/HostErrors.h collects them); the text, SARIF and JSON
// reports say so in these words.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_REPORT_HOSTERRORTEXT_H
#define LDS_REPORT_HOSTERRORTEXT_H

#include "matchers/AnalyzedFile.h"

#include <string>
#include <vector>

namespace lds {

/// "host code does not parse with clang (...); kernels were analysed,
/// launches in 'main' may have been missed"; empty when Errors is.
std::string hostErrorSummary(const std::vector<HostError> &Errors);

/// "lds-rewrite: warning: f.cu:11:19: host code does not parse with clang
/// (...); kernels were analysed, launches in 'main' may have been missed",
/// with a newline; empty when Errors is.
std::string hostErrorWarning(const std::vector<HostError> &Errors);

} // namespace lds

#endif
