//===- BankModelJSON.cpp - --bank-model=FILE: add or override targets -----===//
//
// The model file is JSON:
//
//   {"targets": [
//     {"name": "gfx950",            // required; an existing name is edited
//      "base": "gfx942",            // optional: start from a copy of it
//      "description": "...", "is_amd": true, "wave_size": 64,
//      "lds_bytes_per_cu": 163840, "lds_bytes_per_block": 163840,
//      "alloc_granule": 1280, "reserved_per_block": 0,
//      "max_blocks_per_cu": 16,
//      "max_waves_per_cu": 32,      // wave slots; 0 or absent: no limit
//      "lds_partitions": {"bytes": 65536, "count": 5, "simds": 4,
//                         "simd_pairs": [0, 1, 0, 1], "source": "..."},
//                                   // lds-partition-conflict; bytes 0: none
//      "source": "...",
//      "rules": [
//        {"dir": "read",            // "read", "write" or "any" (= both)
//         "width": 2,               // bytes per lane: 1, 2, 4, 8, 12, 16
//         "banks": 64,
//         "groups": "consecutive:64",   // or "0-3,20-23|4-7,16-19|...|+32"
//         "pair_merge": false, "subword_shares": true,
//         "matrix": false,          // true: a row for ldmatrix / stmatrix
//         "source": "my measurement", "confidence": "M",
//         "alternatives": [{"banks": 32, "groups": "consecutive:32"}]}]}]}
//
// Every object may also carry a "comment" string. Any other key is an error,
// so a misspelt field never silently leaves the built-in value in place.
//
// A rule with the same (dir, width, matrix) as an existing one replaces it: fields it
// does not give keep the replaced row's values, except source (defaults to
// the file), confidence (defaults to "U") and alternatives (dropped unless
// given). Other rules are added. A new target without "base" must give
// "groups" for every rule. Changing wave_size re-reads the groups of the rows
// it keeps. Target fields left out keep the values of the base (or of the
// target edited), max_waves_per_cu included; a new target without "base"
// has no wave-slot limit unless it gives one.
//
//===----------------------------------------------------------------------===//

#include "targets/BankModel.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"

#include <initializer_list>

namespace lds {

namespace {

class ModelFileReader {
public:
  ModelFileReader(BankModel &Model, const std::string &Origin) : Model(Model), Origin(Origin) {}

  llvm::Error read(const llvm::json::Value &Root) {
    const llvm::json::Object *Top = Root.getAsObject();
    if (!Top)
      return error("", "the top level must be an object");
    if (llvm::Error E = checkKeys(*Top, "", {"targets", "comment"}))
      return E;
    const llvm::json::Array *List = Top->getArray("targets");
    if (!List)
      return error("", "expected an array \"targets\"");
    for (size_t I = 0; I < List->size(); ++I) {
      std::string Where = "targets[" + std::to_string(I) + "]";
      const llvm::json::Object *Obj = (*List)[I].getAsObject();
      if (!Obj)
        return error(Where, "expected an object");
      if (llvm::Error E = readTarget(*Obj, Where))
        return E;
    }
    return llvm::Error::success();
  }

private:
  llvm::Error error(const std::string &Where, const std::string &Msg) const {
    std::string Text = Origin + ": ";
    if (!Where.empty())
      Text += Where + ": ";
    return llvm::createStringError(llvm::inconvertibleErrorCode(), Text + Msg);
  }

  llvm::Error checkKeys(const llvm::json::Object &Obj, const std::string &Where,
                        std::initializer_list<llvm::StringRef> Known) const {
    for (const auto &KV : Obj) {
      bool Ok = false;
      for (llvm::StringRef K : Known)
        Ok |= llvm::StringRef(KV.first) == K;
      if (!Ok)
        return error(Where, "unknown key '" + KV.first.str() + "'");
    }
    return llvm::Error::success();
  }

  llvm::Error getString(const llvm::json::Object &Obj, llvm::StringRef Key,
                        const std::string &Where, std::string &Out) const {
    const llvm::json::Value *V = Obj.get(Key);
    if (!V)
      return llvm::Error::success();
    std::optional<llvm::StringRef> S = V->getAsString();
    if (!S)
      return error(Where, "'" + Key.str() + "' must be a string");
    Out = S->str();
    return llvm::Error::success();
  }

  llvm::Error getBool(const llvm::json::Object &Obj, llvm::StringRef Key, const std::string &Where,
                      bool &Out) const {
    const llvm::json::Value *V = Obj.get(Key);
    if (!V)
      return llvm::Error::success();
    std::optional<bool> B = V->getAsBoolean();
    if (!B)
      return error(Where, "'" + Key.str() + "' must be true or false");
    Out = *B;
    return llvm::Error::success();
  }

  /// Reads a positive integer (zero allowed with AllowZero).
  llvm::Error getCount(const llvm::json::Object &Obj, llvm::StringRef Key, const std::string &Where,
                       unsigned &Out, bool AllowZero = false) const {
    const llvm::json::Value *V = Obj.get(Key);
    if (!V)
      return llvm::Error::success();
    std::optional<int64_t> N = V->getAsInteger();
    if (!N || *N < (AllowZero ? 0 : 1) || *N > (int64_t(1) << 31))
      return error(Where, "'" + Key.str() + "' must be a " +
                              (AllowZero ? "non-negative" : "positive") + " integer");
    Out = static_cast<unsigned>(*N);
    return llvm::Error::success();
  }

  llvm::Error readTarget(const llvm::json::Object &Obj, std::string Where) {
    if (llvm::Error E =
            checkKeys(Obj, Where,
                      {"name", "base", "description", "is_amd", "wave_size", "lds_bytes_per_cu",
                       "lds_bytes_per_block", "alloc_granule", "reserved_per_block",
                       "max_blocks_per_cu", "max_waves_per_cu", "source", "rules", "comment",
                       "lds_partitions"}))
      return E;
    std::string Name, Base;
    if (llvm::Error E = getString(Obj, "name", Where, Name))
      return E;
    if (Name.empty())
      return error(Where, "a target needs a \"name\"");
    Where += " (" + Name + ")";
    if (llvm::Error E = getString(Obj, "base", Where, Base))
      return E;

    TargetModel T;
    bool Inherited = true;
    if (!Base.empty()) {
      const TargetModel *From = Model.find(Base);
      if (!From)
        return error(Where, "unknown base target '" + Base + "'");
      T = *From;
    } else if (const TargetModel *Existing = Model.find(Name)) {
      T = *Existing;
    } else {
      Inherited = false;
    }
    T.Name = Name;

    unsigned OldWave = T.WaveSize;
    if (llvm::Error E = getString(Obj, "description", Where, T.Description))
      return E;
    if (llvm::Error E = getBool(Obj, "is_amd", Where, T.IsAMD))
      return E;
    if (llvm::Error E = getCount(Obj, "wave_size", Where, T.WaveSize))
      return E;
    if (llvm::Error E = getCount(Obj, "lds_bytes_per_cu", Where, T.LDSBytesPerCU))
      return E;
    if (llvm::Error E = getCount(Obj, "lds_bytes_per_block", Where, T.LDSBytesPerBlock))
      return E;
    if (llvm::Error E = getCount(Obj, "alloc_granule", Where, T.AllocGranule))
      return E;
    if (llvm::Error E =
            getCount(Obj, "reserved_per_block", Where, T.ReservedPerBlock, /*AllowZero=*/true))
      return E;
    if (llvm::Error E = getCount(Obj, "max_blocks_per_cu", Where, T.MaxBlocksPerCU))
      return E;
    if (llvm::Error E =
            getCount(Obj, "max_waves_per_cu", Where, T.MaxWavesPerCU, /*AllowZero=*/true))
      return E;
    if (llvm::Error E = getString(Obj, "source", Where, T.Source))
      return E;

    if (const llvm::json::Value *PV = Obj.get("lds_partitions")) {
      const llvm::json::Object *PObj = PV->getAsObject();
      if (!PObj)
        return error(Where, "'lds_partitions' must be an object");
      if (llvm::Error E = readPartitions(*PObj, Where + ".lds_partitions", T.Partitions))
        return E;
    }

    const llvm::json::Value *RulesV = Obj.get("rules");
    if (RulesV) {
      const llvm::json::Array *Rules = RulesV->getAsArray();
      if (!Rules)
        return error(Where, "'rules' must be an array");
      for (size_t I = 0; I < Rules->size(); ++I) {
        std::string RWhere = Where + ".rules[" + std::to_string(I) + "]";
        const llvm::json::Object *RObj = (*Rules)[I].getAsObject();
        if (!RObj)
          return error(RWhere, "expected an object");
        if (llvm::Error E = readRule(*RObj, RWhere, T))
          return E;
      }
    }
    // Rows read above already use the new wave size; re-reading them is
    // harmless.
    if (T.WaveSize != OldWave)
      if (llvm::Error E = regroup(T, Where))
        return E;
    if (!Inherited && T.Rules.empty())
      return error(Where, "a new target without \"base\" needs \"rules\"");
    Model.add(std::move(T));
    return llvm::Error::success();
  }

  /// lds_partitions: fields left out keep their values; source defaults to
  /// the file. Bytes 0 turns the rule off.
  llvm::Error readPartitions(const llvm::json::Object &Obj, const std::string &Where,
                             LdsPartitionModel &P) const {
    if (llvm::Error E =
            checkKeys(Obj, Where, {"bytes", "count", "simds", "simd_pairs", "source", "comment"}))
      return E;
    if (llvm::Error E = getCount(Obj, "bytes", Where, P.Bytes, /*AllowZero=*/true))
      return E;
    if (llvm::Error E = getCount(Obj, "count", Where, P.Count))
      return E;
    if (llvm::Error E = getCount(Obj, "simds", Where, P.Simds))
      return E;
    if (const llvm::json::Value *V = Obj.get("simd_pairs")) {
      const llvm::json::Array *A = V->getAsArray();
      if (!A)
        return error(Where, "'simd_pairs' must be an array of 0 (pair A) and 1 (pair B)");
      P.PairOfSimd.clear();
      for (const llvm::json::Value &X : *A) {
        std::optional<int64_t> N = X.getAsInteger();
        if (!N || (*N != 0 && *N != 1))
          return error(Where, "'simd_pairs' must be an array of 0 (pair A) and 1 (pair B)");
        P.PairOfSimd.push_back(static_cast<unsigned>(*N));
      }
    }
    if (P.Bytes && P.PairOfSimd.size() != P.Simds)
      return error(Where, "'simd_pairs' needs one entry per SIMD (" + std::to_string(P.Simds) +
                              ")");
    P.Source = "--bank-model " + Origin;
    if (llvm::Error E = getString(Obj, "source", Where, P.Source))
      return E;
    return llvm::Error::success();
  }

  /// Re-reads the lane groups of every kept row for a new wave size.
  llvm::Error regroup(TargetModel &T, const std::string &Where) const {
    for (BankRule &R : T.Rules) {
      for (BankRule *X : allRows(R)) {
        auto G = parseGroupSpec(X->GroupSpec, T.WaveSize);
        if (!G)
          return error(Where, "after wave_size " + std::to_string(T.WaveSize) +
                                  ", the row of width " + std::to_string(X->WidthBytes) + ": " +
                                  llvm::toString(G.takeError()));
        X->Groups = std::move(*G);
      }
    }
    return llvm::Error::success();
  }

  static std::vector<BankRule *> allRows(BankRule &R) {
    std::vector<BankRule *> Rows = {&R};
    for (BankRule &A : R.Alternatives)
      Rows.push_back(&A);
    return Rows;
  }

  llvm::Error readRule(const llvm::json::Object &Obj, const std::string &Where, TargetModel &T) {
    if (llvm::Error E =
            checkKeys(Obj, Where,
                      {"dir", "width", "banks", "groups", "pair_merge", "subword_shares", "source",
                       "confidence", "alternatives", "comment", "matrix"}))
      return E;
    bool Matrix = false;
    if (llvm::Error E = getBool(Obj, "matrix", Where, Matrix))
      return E;
    std::string DirName = "any";
    if (llvm::Error E = getString(Obj, "dir", Where, DirName))
      return E;
    std::vector<Direction> Dirs;
    if (DirName == "read")
      Dirs = {Direction::Read};
    else if (DirName == "write")
      Dirs = {Direction::Write};
    else if (DirName == "any")
      Dirs = {Direction::Read, Direction::Write};
    else
      return error(Where, "'dir' must be \"read\", \"write\" or \"any\"");
    unsigned Width = 0;
    if (llvm::Error E = getCount(Obj, "width", Where, Width))
      return E;
    if (Width == 0)
      return error(Where, "a rule needs a \"width\"");

    // "any" is stored as a read row and a write row: rule lookup prefers an
    // exact direction, so an Any row would not override the built-in ones.
    for (Direction D : Dirs) {
      BankRule *Existing = nullptr;
      for (BankRule &R : T.Rules)
        if (R.Dir == D && R.WidthBytes == Width && R.Matrix == Matrix)
          Existing = &R;
      BankRule R;
      if (Existing)
        R = *Existing;
      R.Dir = D;
      R.WidthBytes = Width;
      R.Matrix = Matrix;
      R.Alternatives.clear();
      if (llvm::Error E = readRuleFields(Obj, Where, T, R, !Existing))
        return E;

      if (const llvm::json::Value *AltV = Obj.get("alternatives")) {
        const llvm::json::Array *Alts = AltV->getAsArray();
        if (!Alts)
          return error(Where, "'alternatives' must be an array");
        for (size_t I = 0; I < Alts->size(); ++I) {
          std::string AWhere = Where + ".alternatives[" + std::to_string(I) + "]";
          const llvm::json::Object *AObj = (*Alts)[I].getAsObject();
          if (!AObj)
            return error(AWhere, "expected an object");
          if (llvm::Error E = checkKeys(*AObj, AWhere,
                                        {"banks", "groups", "pair_merge", "subword_shares",
                                         "source", "confidence", "comment"}))
            return E;
          BankRule Alt;
          Alt.Dir = D;
          Alt.WidthBytes = Width;
          Alt.Matrix = Matrix;
          Alt.Banks = R.Banks;
          if (llvm::Error E = readRuleFields(*AObj, AWhere, T, Alt, true))
            return E;
          R.Alternatives.push_back(std::move(Alt));
        }
      }
      if (Existing)
        *Existing = std::move(R);
      else
        T.Rules.push_back(std::move(R));
    }
    return llvm::Error::success();
  }

  llvm::Error readRuleFields(const llvm::json::Object &Obj, const std::string &Where,
                             const TargetModel &T, BankRule &R, bool NeedGroups) {
    if (llvm::Error E = getCount(Obj, "banks", Where, R.Banks))
      return E;
    if (llvm::Error E = getBool(Obj, "pair_merge", Where, R.PairMerge))
      return E;
    if (llvm::Error E = getBool(Obj, "subword_shares", Where, R.SubwordShares))
      return E;
    R.Source = "--bank-model " + Origin;
    if (llvm::Error E = getString(Obj, "source", Where, R.Source))
      return E;
    R.Confidence = "U";
    if (llvm::Error E = getString(Obj, "confidence", Where, R.Confidence))
      return E;
    std::string Spec;
    if (llvm::Error E = getString(Obj, "groups", Where, Spec))
      return E;
    if (Spec.empty()) {
      if (NeedGroups)
        return error(Where, "a new rule needs \"groups\"");
      return llvm::Error::success();
    }
    auto Groups = parseGroupSpec(Spec, T.WaveSize);
    if (!Groups)
      return error(Where, llvm::toString(Groups.takeError()));
    R.GroupSpec = Spec;
    R.Groups = std::move(*Groups);
    return llvm::Error::success();
  }

  BankModel &Model;
  std::string Origin;
};

} // namespace

llvm::Error BankModel::mergeJSON(const std::string &Text, const std::string &Origin) {
  llvm::Expected<llvm::json::Value> Root = llvm::json::parse(Text);
  if (!Root)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   Origin + ": " + llvm::toString(Root.takeError()));
  // Work on a copy: a file with an error in its third target must not leave
  // the first two applied.
  BankModel Copy = *this;
  ModelFileReader Reader(Copy, Origin);
  if (llvm::Error E = Reader.read(*Root))
    return E;
  *this = std::move(Copy);
  return llvm::Error::success();
}

llvm::Error BankModel::mergeJSONFile(const std::string &Path) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buffer)
    return llvm::createStringError(Buffer.getError(), "cannot read %s: %s", Path.c_str(),
                                   Buffer.getError().message().c_str());
  return mergeJSON((*Buffer)->getBuffer().str(), Path);
}

} // namespace lds
