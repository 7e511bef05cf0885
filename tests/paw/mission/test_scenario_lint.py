"""Two scenario checks the generator's set-ups made visible: a Surprised side's "highest
allowed Altitude" is Standard, and a train's last counter touches a side edge."""

from ..conftest import edited, lint


def surprised(data):
    data.update(deployment="surprised", caught="axis")
    for plane in data["planes"]:
        if plane["role"] == "bomber":
            plane["altitude"] = "standard"


def test_a_surprised_bomber_formation_deploys_at_standard(faithful):
    scenario = faithful.get("paw.scenario", "bombing-adlerangriff-airfield")
    assert lint("paw.mission_requirements", edited(scenario, surprised), faithful) == []
    jumped = edited(scenario, lambda d: (surprised(d), d.update(deployment="jumped")))
    found = lint("paw.mission_requirements", jumped, faithful)
    assert len(found) == 3 and all("must deploy at high" in m for _, _, m in found)


def test_a_train_may_touch_the_side_edge_it_enters_from(faithful):
    scenario = faithful.get("paw.scenario", "bombing-adlerangriff-airfield")

    def train(data):
        data["target_type"] = "train"
        data["targets"] = [{"x": 8.0, "y": 150.0, "heading": 0.0, "id": "train-1",
                            "unit": "train", "side": "allies"}]

    assert lint("paw.target_setup", edited(scenario, train), faithful) == []

    def submarine(data):
        train(data)
        data["target_type"] = "submarine"

    (finding,) = lint("paw.target_setup", edited(scenario, submarine), faithful)
    assert "from an edge" in finding[2]
