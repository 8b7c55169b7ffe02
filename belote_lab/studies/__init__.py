"""Studies: long seeded computations kept as tables (the study engine ``study``, the taking table
``taking_study``, the tip table ``tipstudy``).
"""
