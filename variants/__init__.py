"""The built-in rulesets and their plug-ins (scoring systems, redeal checks).

Each preset is registered through the ``twentyeight.rulesets`` entry-point group, the
same way a third party's package registers its own.
"""
