// The rocprofv3 half of lds_bench_runtime.h (reading counter_collection.csv
// into one row per variant), compiled with a plain C++ compiler: no ROCm, no
// GPU. Reads the CSV named by argv[1] and prints what the table would show.
#define LDS_BENCH_HOST_ONLY
#include "lds_bench_runtime.h"

#include <cstdio>
#include <fstream>
#include <sstream>

using namespace ldsb;

int main(int Argc, char** Argv) {
  if (Argc != 3)
    return 2;
  std::ifstream In(Argv[1]);
  std::stringstream SS;
  SS << In.rdbuf();
  std::vector<RocprofKernel> All = parseRocprofCsv(SS.str());
  std::printf("dispatches: %zu\n", All.size());
  for (const RocprofKernel& K : All)
    std::printf("dispatch %ld: variant %d: %s\n", K.Dispatch, variantOfKernelName(K.Name),
                K.Name.c_str());
  std::vector<RocprofKernel> Per;
  bool Ok = rocprofPerVariant(All, size_t(std::atoi(Argv[2])), Per);
  std::printf("every variant found: %s\n", Ok ? "yes" : "no");
  if (!Ok)
    return 1;
  std::vector<VariantRow> Rows;
  for (size_t V = 0; V < Per.size(); ++V) {
    VariantRow R;
    R.Name = "v" + std::to_string(V);
    auto C = Per[V].Counters.find("SQ_LDS_BANK_CONFLICT");
    R.LdsConflicts = C == Per[V].Counters.end() ? -1 : C->second;
    R.ConflictPerInst = conflictCyclesPerLdsInst(Per[V]);
    R.Compared = true;
    Rows.push_back(R);
  }
  TableInfo Info;
  Info.Timed = false;
  Info.HaveRocprof = true;
  printTable(stdout, Rows, Info);
  return 0;
}
