

def test_a_fact_about_its_teller_names_them_once():
    from npc_brain.language.reported import reported
    assert reported("Isabella Rodriguez", "Isabella Rodriguez opened Hobbs Cafe six years ago") == \
        "Isabella Rodriguez opened Hobbs Cafe six years ago, as Isabella told me"
    assert reported("Klaus Mueller", "Sam Moore is running for mayor") == \
        "Klaus Mueller told me that Sam Moore is running for mayor"
