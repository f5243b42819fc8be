"""toolkit.sim.plots imports matplotlib without writing each artist class's set() docstring
(only help() reads it), and puts matplotlib's hook back: classes made later get theirs."""

import matplotlib.artist


def test_the_hook_is_put_back_after_the_import():
    import toolkit.sim.plots as plots

    hook = matplotlib.artist.Artist.__dict__["_update_set_signature_and_docstring"]
    assert isinstance(hook, classmethod)
    assert hook.__func__.__name__ == "_update_set_signature_and_docstring"

    class Mine(matplotlib.artist.Artist):
        pass

    assert "Supported properties" in Mine.set.__doc__
    fig, ax = plots.subplots((2, 1))
    ax.bar([0, 1], [1, 2]).patches[0].set(alpha=0.5)  # set() works on the skipped classes
    assert plots.svg_text(fig).startswith("<svg")
