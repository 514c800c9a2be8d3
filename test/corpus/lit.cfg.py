# -*- Python -*-
# The corpus-inspired kernels share test/lit's configuration (tool path,
# FileCheck, substitutions); only the suite's folders differ.
import os

lit_config.load_config(
    config, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'lit', 'lit.cfg.py'))
config.name = 'lds-rewrite-corpus'
config.test_source_root = os.path.dirname(os.path.abspath(__file__))
config.test_exec_root = os.path.join(os.path.dirname(config.test_exec_root), 'corpus')
