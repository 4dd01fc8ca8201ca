

def test_a_fact_about_its_teller_names_them_once():
    from npc_brain.language.reported import reported
    assert reported("Isabella Rodriguez", "Isabella Rodriguez opened Hobbs Cafe six years ago") == \
        "Isabella Rodriguez opened Hobbs Cafe six years ago, as Isabella told me"
    assert reported("Klaus Mueller", "Sam Moore is running for mayor") == \
        "Klaus Mueller told me that Sam Moore is running for mayor"


def test_a_fact_said_with_its_teller_after_it_is_read_back_as_a_claim():
    from npc_brain.language.reported import claim_in, reported
    line = reported("Isabella Rodriguez", "Isabella Rodriguez won a prize at the show!") + "."
    assert line == "Isabella Rodriguez won a prize at the show, as Isabella told me."
    assert claim_in(line) == "Isabella Rodriguez won a prize at the show"
    assert reported("Dr. Ada Holm", "Dr. Ada Holm opened a clinic").endswith("as Dr. Ada Holm told me")
