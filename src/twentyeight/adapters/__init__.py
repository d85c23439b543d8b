"""Adapters to learning and search libraries, each behind an optional extra:

- :mod:`twentyeight.adapters.openspiel` (``pip install "twentyeight[openspiel]"``): the
  game ``"twentyeight"`` for OpenSpiel;
- :mod:`twentyeight.adapters.pettingzoo` (``pip install "twentyeight[pettingzoo]"``): an
  AEC environment for PettingZoo;
- :mod:`twentyeight.adapters.gymnasium` (``pip install "twentyeight[gymnasium]"``): a
  single-seat Gymnasium environment, the other seats played by bots.

The core never imports them; importing one without its extra raises ``ImportError``
naming the extra to install.
"""
