print("arrowverse")
