//===- CheckFilter.cpp - Which checks run, in clang-tidy's syntax ---------===//

#include "pipeline/CheckFilter.h"

#include "report/CheckNames.h"

#include "llvm/ADT/SmallVector.h"

#include <iterator>

using llvm::StringRef;

namespace lds {

bool globMatch(StringRef Pattern, StringRef Name) {
  if (Pattern.empty())
    return Name.empty();
  if (Pattern.front() == '*') {
    for (size_t I = 0; I <= Name.size(); ++I)
      if (globMatch(Pattern.drop_front(), Name.drop_front(I)))
        return true;
    return false;
  }
  return !Name.empty() && Pattern.front() == Name.front() &&
         globMatch(Pattern.drop_front(), Name.drop_front());
}

void CheckFilter::add(StringRef List) {
  llvm::SmallVector<StringRef, 4> Items;
  List.split(Items, ',', -1, /*KeepEmpty=*/false);
  for (StringRef Item : Items) {
    Item = Item.trim();
    bool On = !Item.consume_front("-");
    Item = Item.trim();
    if (!Item.empty())
      Globs.push_back({On, Item.str()});
  }
}

bool CheckFilter::enabled(StringRef Check) const {
  for (auto It = Globs.rbegin(); It != Globs.rend(); ++It)
    if (globMatch(It->second, Check))
      return It->first;
  return false;
}

std::set<std::string> CheckFilter::disabled() const {
  std::set<std::string> Out;
  for (const char *C : AllChecks)
    if (!enabled(C))
      Out.insert(C);
  return Out;
}

size_t CheckFilter::checkCount() { return std::size(AllChecks); }

} // namespace lds
