//===- PreludePch.h - The headers before every file, precompiled once -----===//
//
// Every device-side parse starts with the headers clang (or lds-rewrite)
// puts before the file: the HIP or CUDA runtime wrapper, the compat prelude,
// the fallback runtime header. They are the same for every file parsed with
// the same command, and parsing them is most of a parse (about 0.5 s of
// 0.9 s for a small HIP kernel). They are precompiled once per command and
// kept in a cache folder; each parse then reads the PCH.
//
// What the file sees does not change: only what the command puts before the
// file is precompiled, in the order the command gives, so the file is parsed
// after exactly the same declarations and macros. A command that forces a
// header of the user's (`-include config.h`) gets no PCH: a --fix may rewrite
// that header in memory, which a PCH on disk would not see.
//
// The cache: $LDS_REWRITE_CACHE_DIR, else the user's cache folder
// (~/.cache/lds-rewrite); LDS_REWRITE_PCH=0 turns it off. A PCH is used only
// while every header it was built from has the size and time it had then;
// otherwise it is built again. Any failure means a parse without one.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_PIPELINE_PRELUDEPCH_H
#define LDS_PIPELINE_PRELUDEPCH_H

#include <string>
#include <vector>

namespace lds {

/// ParseCommand (a device-side -fsyntax-only command, argv from clang, the
/// input last) with `-include-pch P` before the input, P the prelude of
/// that command precompiled (built now if the cache lacks it or it is
/// stale); ParseCommand unchanged when no PCH can be had. Directory is the
/// command's working folder (part of what the PCH depends on). OwnIncludes
/// are the -include values lds-rewrite itself adds (the only ones a PCH may
/// hold).
std::vector<std::string> withPreludePch(const std::vector<std::string> &ParseCommand,
                                        const std::string &Directory,
                                        const std::vector<std::string> &OwnIncludes);

} // namespace lds

#endif
