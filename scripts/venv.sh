# Sourced by scripts/dev and systemd/install.sh: make a virtual environment that holds a current pip.
#
#   make_venv PYTHON FOLDER [venv options, e.g. --system-site-packages]
#
# Why not plain `python3 -m venv`: it unpacks the pip bundled with Python (about 6 s here, far longer on
# a Pi Zero), which both scripts then replace with a current pip anyway. Made without pip and given
# one by this Python's own pip (pip 22.3 and later install into another environment with --python),
# the same environment takes about 2 s. Where this Python has no pip or an older one, venv's own way is
# taken, so the result is the same either way.
make_venv() {
    local py="$1" folder="$2"
    shift 2
    if "$py" -m venv --without-pip "$@" "$folder" &&
       "$py" -m pip --python "$folder/bin/python" install --quiet --no-compile --upgrade pip >/dev/null 2>&1 &&
       "$folder/bin/python" -m pip --version >/dev/null 2>&1; then
        return 0
    fi
    rm -rf "$folder"
    "$py" -m venv "$@" "$folder"
    "$folder/bin/python" -m pip install --quiet --upgrade pip
}

# source_fingerprint FOLDER: one line that changes whenever a file in FOLDER that an install could take
# changes (everything but version control, environments, caches, build output and the demo's pictures).
# install.sh keeps it beside the installed program, so running it again on the same source (to add
# --enable-spi, to drop the web page) does not rebuild and reinstall the program: minutes on a Pi.
source_fingerprint() {
    (
        cd "$1" &&
        find . \( -name .git -o -name .venv -o -name __pycache__ -o -name build -o -name dist \
                  -o -name '*.egg-info' -o -name '.*_cache' -o -name .hypothesis -o -name demo-out \
                  -o -name artefacts \) -prune -o -type f -print0 |
            LC_ALL=C sort -z | xargs -0 -r sha256sum
    ) | sha256sum | cut -d' ' -f1
}
