"""The language kit: English as data, apart from the mechanisms.

Word lists and example lines that mechanisms read or learn from live here (and only here, with
the code that reads English grammar); `cognition` and the other mechanisms name no scenario's
words. `poignancy`: how poignant a memory reads, learnt from `poignancy_examples`.
"""
